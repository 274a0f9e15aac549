import type { FastifyInstance } from 'fastify';
import {
  CheckDriver,
  PostDeleteMobiles,
  PostDeleteOffice,
  PostDeleteUser,
  PostGetAllUsers,
  PostGetMobileUsers,
  PostGetMobiles,
  PostGetOffices,
  PostGetRoles,
  PostInsertOffice,
  PostInsertUser,
  PostIsertMobiles,
  PostUpdateMobiles,
  PostUpdateOffice,
  PostUpdateUser,
  PostUserChangePaswword,
  RsRegistryDelete,
  RsRegistryList,
  RsRegistrySave,
} from '@po/contract/admin';
import { call, publicCall } from '../../http/route.ts';
import { audit } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { deleteRegistryName, listRegistry, saveRegistryName } from '../../integrations/rs/registry.ts';
import * as officesSvc from './offices.ts';
import * as mobilesSvc from './mobiles.ts';
import * as usersSvc from './users.ts';

export default async function adminRoutes(app: FastifyInstance) {
  const tags = ['admin'];
  const write = { tags, write: true };

  call(app, PostGetOffices, (_i, ctx) => officesSvc.listOffices(ctx), { tags });
  call(app, PostInsertOffice, (input, ctx) => officesSvc.insertOffice(ctx, input), write);
  call(app, PostUpdateOffice, (input, ctx) => officesSvc.updateOffice(ctx, input), write);
  call(app, PostDeleteOffice, (input, ctx) => officesSvc.deleteOffice(ctx, input.gui), write);

  call(app, PostGetMobiles, (_i, ctx) => mobilesSvc.listMobiles(ctx), { tags });
  call(app, PostGetMobileUsers, (_i, ctx) => mobilesSvc.listMobileUsers(ctx), { tags });
  call(app, PostIsertMobiles, (input, ctx) => mobilesSvc.insertMobile(ctx, input), write);
  call(app, PostUpdateMobiles, (input, ctx) => mobilesSvc.updateMobile(ctx, input), write);
  call(app, PostDeleteMobiles, (input, ctx) => mobilesSvc.deleteMobile(ctx, input.gui), write);
  publicCall(app, CheckDriver, (input, ctx) => mobilesSvc.checkDriver(ctx, input.DriverId), { tags });

  call(app, PostGetAllUsers, (input, ctx) => usersSvc.listUsers(ctx, input.mode), { tags });
  call(app, PostGetRoles, (_i, ctx) => usersSvc.listRoles(ctx), { tags });
  call(app, PostInsertUser, (input, ctx) => usersSvc.insertUser(ctx, input), write);
  call(app, PostUpdateUser, (input, ctx) => usersSvc.updateUser(ctx, input), write);
  call(app, PostDeleteUser, (input, ctx) => usersSvc.deleteUser(ctx, input.gui), write);
  call(
    app,
    PostUserChangePaswword,
    (input, ctx) => usersSvc.setUserPassword(ctx, input.User, input.pass),
    write,
  );

  // The built-in revenue-service registry (beyond the spec).
  call(
    app,
    RsRegistryList,
    async (input, ctx) => ({
      Registry: (await listRegistry(ctx.db, input.Q)).map((r) => ({
        Tin: r.tin,
        Name: r.name,
        Kind: r.kind === 'company' ? ('company' as const) : ('person' as const),
        CreateDate: r.createdAt.toISOString(),
      })),
    }),
    { tags },
  );
  call(
    app,
    RsRegistrySave,
    (input, ctx) =>
      ctx.db.transaction(async (tx) => {
        const after = { tin: input.Tin, name: input.Name, kind: input.Kind };
        const before = await saveRegistryName(tx, after);
        await audit(tx, ctx, {
          action: 'RsRegistrySave',
          entity: 'rs_registry',
          entityId: input.Tin,
          before,
          after,
        });
        return { Ret: 1 };
      }),
    write,
  );
  call(
    app,
    RsRegistryDelete,
    (input, ctx) =>
      ctx.db.transaction(async (tx) => {
        const before = await deleteRegistryName(tx, input.Tin);
        if (!before) throw notFound();
        await audit(tx, ctx, {
          action: 'RsRegistryDelete',
          entity: 'rs_registry',
          entityId: input.Tin,
          before,
        });
        return { Ret: 1 };
      }),
    write,
  );
}
