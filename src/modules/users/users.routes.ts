import { created, IdParams, noContent, ok, Problem } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import type { Config } from '../../config.js';
import { pageRequest } from '../../lib/pagination.js';
import { credentialAccess } from '../access/access.service.js';
import * as sessions from './user-sessions.service.js';
import {
  AccessEnvelope, InvitationAccept, OtpInput, ProfileUpdate, RecoveryCodesEnvelope, SignedInEnvelope, TwoFactorSetupEnvelope, UserEnvelope, UserInvite, UserList,
  UserListQuery, UserPolicyEnvelope, UserPolicyUpdate, UserSignIn, UserUpdate,
} from './users.schemas.js';
import * as users from './users.service.js';

const tags = ['Users'];

/** Staff users, their sign-in and their own profile (DESIGN.md §10 "Staff users"); `links` makes invitation links. */
export function usersRoutes(links: Pick<Config, 'publicUrl'>) {
  return async function routes(app: App): Promise<void> {
    app.get('/v1/access', {
      config: { action: 'access.read' },
      schema: { tags, summary: "What the request's staff credential may do: its role and every action it may take", response: ok(AccessEnvelope) },
    }, async (request) => ({ data: credentialAccess(request.ctx) }));

    app.post('/v1/users/token', {
      config: { access: 'public', action: 'user.sign_in' },
      schema: {
        tags,
        summary: 'Sign a user in with email, password and, once two-factor sign-in is on, a code: the user and a token for 12 hours',
        security: [],
        body: UserSignIn,
        // 401: the email, the password or the code is wrong.
        response: { ...created(SignedInEnvelope), 401: Problem },
      },
    }, async (request, reply) => reply.code(201).send({ data: await sessions.signIn(request.ctx, request.body, request.ip) }));

    app.delete('/v1/users/token', {
      config: { access: 'user', action: 'profile.sign_out' },
      schema: { tags, summary: 'Sign out: revoke the user token the request carries', response: noContent },
    }, async (request, reply) => {
      await sessions.signOut(request.ctx);
      app.credentials.forget();
      return reply.code(204).send(null);
    });

    app.post('/v1/users/accept', {
      config: { access: 'public', action: 'user.accept' },
      schema: { tags, summary: 'Accept an invitation by choosing a password: the user, signed in', security: [], body: InvitationAccept, response: created(SignedInEnvelope) },
    }, async (request, reply) => reply.code(201).send({ data: await sessions.acceptInvitation(request.ctx, request.body) }));

    app.get('/v1/users/me', {
      config: { access: 'user', action: 'profile.read' },
      schema: { tags, summary: 'The signed-in user', response: ok(UserEnvelope) },
    }, async (request) => ({ data: await sessions.getMe(request.ctx) }));

    app.post('/v1/users/me', {
      config: { access: 'user', action: 'profile.update' },
      schema: { tags, summary: 'Change your own name or password (a new password signs your other sessions out)', body: ProfileUpdate, response: ok(UserEnvelope) },
    }, async (request) => {
      const user = await sessions.updateMe(request.ctx, request.body);
      app.credentials.forget();
      return { data: user };
    });

    app.post('/v1/users/me/two_factor', {
      config: { access: 'user', action: 'profile.two_factor' },
      schema: { tags, summary: 'Start setting up two-factor sign-in: a new secret for an authenticator app (not in force until confirmed)', response: ok(TwoFactorSetupEnvelope) },
    }, async (request) => ({ data: await sessions.startTwoFactor(request.ctx) }));

    app.post('/v1/users/me/two_factor/confirm', {
      config: { access: 'user', action: 'profile.two_factor' },
      schema: { tags, summary: 'Turn two-factor sign-in on with a code of the app: ten recovery codes, shown once', body: OtpInput, response: ok(RecoveryCodesEnvelope) },
    }, async (request) => {
      const codes = await sessions.confirmTwoFactor(request.ctx, request.body.otp);
      app.credentials.forget();
      return { data: codes };
    });

    app.post('/v1/users/me/two_factor/disable', {
      config: { access: 'user', action: 'profile.two_factor' },
      schema: { tags, summary: 'Turn two-factor sign-in off with a current code or a recovery code', body: OtpInput, response: ok(UserEnvelope) },
    }, async (request) => {
      const user = await sessions.disableTwoFactor(request.ctx, request.body.otp);
      app.credentials.forget();
      return { data: user };
    });

    app.get('/v1/users/policy', {
      config: { action: 'user.read' },
      schema: { tags, summary: "The store's sign-in policy for staff", response: ok(UserPolicyEnvelope) },
    }, async (request) => ({ data: await users.getPolicy(request.ctx) }));

    app.post('/v1/users/policy', {
      config: { action: 'user.policy' },
      schema: { tags, summary: 'Require two-factor sign-in of every user, or stop requiring it', body: UserPolicyUpdate, response: ok(UserPolicyEnvelope) },
    }, async (request) => {
      const policy = await users.setPolicy(request.ctx, request.body);
      app.credentials.forget();
      return { data: policy };
    });

    app.get('/v1/users', {
      config: { action: 'user.read' },
      schema: { tags, summary: 'List the users', querystring: UserListQuery, response: ok(UserList) },
    }, async (request) => users.listUsers(request.ctx, pageRequest(request.query), request.url));

    app.post('/v1/users', {
      config: { action: 'user.create' },
      schema: { tags, summary: 'Invite a user: mails a link that works once, for a week, to choose a password', body: UserInvite, response: created(UserEnvelope) },
    }, async (request, reply) => reply.code(201).send({ data: await users.inviteUser(request.ctx, links, request.body) }));

    app.get('/v1/users/:id', {
      config: { action: 'user.read' },
      schema: { tags, summary: 'Get a user', params: IdParams, response: ok(UserEnvelope) },
    }, async (request) => ({ data: await users.getUser(request.ctx, request.params.id) }));

    app.post('/v1/users/:id', {
      config: { action: 'user.update' },
      schema: { tags, summary: "Change a user's email, name or role, or deactivate them (their sign-ins stop at once)", params: IdParams, body: UserUpdate, response: ok(UserEnvelope) },
    }, async (request) => {
      const user = await users.updateUser(request.ctx, request.params.id, request.body);
      app.credentials.forget();
      return { data: user };
    });

    app.delete('/v1/users/:id', {
      config: { action: 'user.delete' },
      schema: { tags, summary: 'Remove a user (what they did keeps their name)', params: IdParams, response: noContent },
    }, async (request, reply) => {
      await users.deleteUser(request.ctx, request.params.id);
      app.credentials.forget();
      return reply.code(204).send(null);
    });

    app.post('/v1/users/:id/invitation', {
      config: { action: 'user.create' },
      schema: { tags, summary: 'Mail a user who has not accepted yet a new invitation link', params: IdParams, response: ok(UserEnvelope) },
    }, async (request) => ({ data: await users.resendInvitation(request.ctx, links, request.params.id) }));
  };
}
