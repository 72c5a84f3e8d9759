import type { FastifyInstance } from 'fastify';
import type { StackContext } from '../context.ts';
import { requireAdmin } from './admin-guard.ts';
import { deleteUserHandler, getUserHandler, listUsersHandler } from './admin-users.ts';
import { createUserHandler, updateUserByIdHandler } from './admin-write.ts';
import { BODY_LIMIT } from './errors.ts';
import { adminMfaRoutes } from './mfa-routes.ts';

/** The admin API supabase-js's `auth.admin` uses for users (admin.go), service role only. */
export async function adminRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  app.addHook('preHandler', async (request) => requireAdmin(ctx, request));
  const options = { bodyLimit: BODY_LIMIT };
  app.get('/users', listUsersHandler(ctx));
  app.post('/users', options, createUserHandler(ctx));
  app.get('/users/:id', getUserHandler(ctx));
  app.put('/users/:id', options, updateUserByIdHandler(ctx));
  app.delete('/users/:id', options, deleteUserHandler(ctx));
  adminMfaRoutes(app, ctx);
}
