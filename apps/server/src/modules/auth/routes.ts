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
import { Role, WORKING_ROLES } from '@po/contract';
import { call, publicCall } from '../../http/route.ts';
import * as auth from './service.ts';

const ADMIN = { roles: [Role.Admin], corporate: false } as const;

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
  call(
    app,
    UpdateTicket,
    { roles: WORKING_ROLES },
    (_i, ctx, req) => auth.renew(ctx, req.sessionTicket ?? ''),
    {
      tags,
    },
  );
  call(
    app,
    UpdateTicketMobile,
    { roles: [Role.Courier] },
    (_i, ctx, req) => auth.renew(ctx, req.sessionTicket ?? ''),
    {
      tags,
    },
  );
  publicCall(app, UserCh, (input, ctx) => auth.changePassword(ctx, input), { tags, write: true });
  call(app, Logout, { roles: WORKING_ROLES }, (_i, ctx) => auth.logout(ctx), { tags });
  publicCall(app, PostAccountRequest, (input, ctx) => auth.saveAccountRequest(ctx, input), {
    tags,
    write: true,
  });
  call(app, GetAccountRequests, ADMIN, (_i, ctx) => auth.listAccountRequests(ctx), { tags });
  call(app, PostHandleAccountRequest, ADMIN, (input, ctx) => auth.handleAccountRequest(ctx, input.ID), {
    tags,
    write: true,
  });
}
