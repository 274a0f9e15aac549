import type { FastifyInstance } from 'fastify';
import { ListNotifications, ResendNotification } from '@po/contract/notifications';
import { call } from '../../http/route.ts';
import * as notifications from './service.ts';

/** The administrator's notifications screen (issue 38); guards from the contract. */
export default async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['notifications'];
  call(app, ListNotifications, (input, ctx) => notifications.listNotifications(ctx, input), { tags });
  call(app, ResendNotification, (input, ctx) => notifications.resendNotification(ctx, input.NotificationId), {
    tags,
    write: true,
  });
}
