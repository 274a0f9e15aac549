import type { FastifyInstance } from 'fastify';
import { StopNotifications, TrackingAddress, TrackParcel } from '@po/contract/tracking';
import { call, publicCall } from '../../http/route.ts';
import * as tracking from './service.ts';

/** The public tracking page's calls (issue 38): no session, limited per client address. */
export default async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['tracking'];
  const perMinute = app.deps.config.TRACK_CALLS_PER_MINUTE;
  publicCall(app, TrackParcel, (input, ctx) => tracking.trackParcel(ctx, input.Barcode), { tags, perMinute });
  publicCall(
    app,
    StopNotifications,
    (input, ctx) => tracking.stopNotifications(ctx, input.Barcode, input.Sig),
    {
      tags,
      perMinute,
      write: true,
    },
  );
  // the address the notification card's QR code links to (signed-in staff: the screens that print it)
  call(app, TrackingAddress, async (_input, ctx) => ({ Url: ctx.config.PUBLIC_URL }), { tags });
}
