import type { FastifyInstance } from 'fastify';
import {
  DeleteWebhook,
  GetWebhookDeliveries,
  GetWebhooks,
  ResendWebhook,
  SaveWebhook,
  TestWebhook,
} from '@po/contract/webhooks';
import { call } from '../../http/route.ts';
import * as webhooks from './service.ts';

/** The administrator's webhooks screen (issue 39); guards from the contract. */
export default async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['webhooks'];
  call(app, GetWebhooks, (input, ctx) => webhooks.listWebhooks(ctx, input.OfficeGUID), { tags });
  call(app, SaveWebhook, (input, ctx) => webhooks.saveWebhook(ctx, input), { tags, write: true });
  call(app, DeleteWebhook, (input, ctx) => webhooks.deleteWebhook(ctx, input.WebhookId), {
    tags,
    write: true,
  });
  call(app, TestWebhook, (input, ctx) => webhooks.testWebhook(ctx, input.WebhookId), { tags, write: true });
  call(app, GetWebhookDeliveries, (input, ctx) => webhooks.listDeliveries(ctx, input.WebhookId), { tags });
  call(app, ResendWebhook, (input, ctx) => webhooks.resendWebhook(ctx, input.OutboxId), {
    tags,
    write: true,
  });
}
