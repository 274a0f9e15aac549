import type { FastifyInstance } from 'fastify';
import {
  GetAccountRequests,
  Logout,
  PostAccountRequest,
  PostGetUser,
  PostGetUserPost,
  PostHandleAccountRequest,
  UpdateTicket,
  UpdateTicketMobile,
  UserCh,
} from '@po/contract/auth';
import { call, publicCall } from '../../http/route.ts';
import * as auth from './service.ts';

export default async function authRoutes(app: FastifyInstance) {
  const tags = ['auth'];
  publicCall(app, PostGetUser, (input, ctx, req) => auth.login(ctx, input, req.headers['user-agent'] ?? ''), {
    tags,
  });
  publicCall(
    app,
    PostGetUserPost,
    (input, ctx, req) => auth.login(ctx, input, req.headers['user-agent'] ?? ''),
    {
      tags,
    },
  );
  call(app, UpdateTicket, (_i, ctx, req) => auth.renew(ctx, req.sessionTicket ?? ''), {
    tags,
  });
  call(app, UpdateTicketMobile, (_i, ctx, req) => auth.renew(ctx, req.sessionTicket ?? ''), {
    tags,
  });
  publicCall(app, UserCh, (input, ctx) => auth.changePassword(ctx, input), { tags, write: true });
  call(app, Logout, (_i, ctx) => auth.logout(ctx), { tags });
  publicCall(app, PostAccountRequest, (input, ctx) => auth.saveAccountRequest(ctx, input), {
    tags,
    write: true,
  });
  call(app, GetAccountRequests, (_i, ctx) => auth.listAccountRequests(ctx), { tags });
  call(app, PostHandleAccountRequest, (input, ctx) => auth.handleAccountRequest(ctx, input.ID), {
    tags,
    write: true,
  });
}
