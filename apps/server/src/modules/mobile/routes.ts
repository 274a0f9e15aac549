import type { FastifyInstance } from 'fastify';
import {
  CheckBarcode,
  CheckJobParcel,
  CheckRegitry,
  ERRMessageList,
  GetRegList,
  GetStatusMessages,
  MobSendJob,
  RsMessageList,
} from '@po/contract/mobile';
import { call } from '../../http/route.ts';
import * as mobile from './service.ts';

/** The courier's mobile mode (spec 003 §7): guards from the contract (role 106). */
export default async function mobileRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['mobile'];
  call(app, MobSendJob, (input, ctx) => mobile.sendJob(ctx, input), { tags, write: true });
  call(app, CheckBarcode, (input, ctx) => mobile.checkBarcode(ctx, input), { tags });
  call(app, CheckJobParcel, (input, ctx) => mobile.checkJobParcel(ctx, input), { tags });
  call(app, CheckRegitry, (input, ctx) => mobile.checkRegistry(ctx, input), { tags });
  call(app, GetRegList, (input, ctx) => mobile.regList(ctx, input), { tags });
  call(app, ERRMessageList, (input, ctx) => mobile.errorJournal(ctx, input), { tags });
  call(app, RsMessageList, (input, ctx) => mobile.transportJournal(ctx, input), { tags });
  call(app, GetStatusMessages, (input, ctx) => mobile.statusJournal(ctx, input), { tags });
  await Promise.resolve(app);
}
