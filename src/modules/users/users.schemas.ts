import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, StaffRef, Timestamp } from '../../http/common-schemas.js';
import { RoleName } from '../access/api-keys.schemas.js';
import { Email, Password } from '../customers/customers.schemas.js';

const userFields = {
  id: Id('usr'),
  object: Type.Literal('user'),
  email: Type.String(),
  name: Nullable(Type.String()),
  role: RoleName,
  is_active: Type.Boolean({ description: 'false: deactivated, cannot sign in' }),
  is_two_factor_enabled: Type.Boolean(),
  is_invitation_pending: Type.Boolean({ description: 'invited, and no password chosen yet' }),
  last_sign_in_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const User = Type.Object(userFields, { title: 'User' });

export const SignedInUser = Type.Object({
  ...userFields,
  token: Type.String({ description: 'utk_…: send it as Authorization: Bearer on admin routes; present only in this answer' }),
  expires_at: Timestamp,
}, { title: 'SignedInUser' });

export const UserEnvelope = DataEnvelope(User);
export const UserList = ListEnvelope(User);
export const SignedInEnvelope = DataEnvelope(SignedInUser);

const Name = Nullable(Type.String({ maxLength: 255 }));

export const UserInvite = Type.Object({
  email: Email,
  name: Type.Optional(Name),
  role: RoleName,
});

export const UserUpdate = Type.Object({
  email: Type.Optional(Email),
  name: Type.Optional(Name),
  role: Type.Optional(RoleName),
  is_active: Type.Optional(Type.Boolean()),
});

export const UserSignIn = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 256 }),
  otp: Type.Optional(Type.String({ maxLength: 32, description: 'the 6-digit code of the authenticator app, or a recovery code; required once two-factor sign-in is on' })),
});

export const InvitationAccept = Type.Object({
  token: Type.String({ maxLength: 256, description: 'uin_…: from the invitation link' }),
  password: Password,
});

export const ProfileUpdate = Type.Object({
  name: Type.Optional(Name),
  password: Type.Optional(Password),
  current_password: Type.Optional(Type.String({ maxLength: 256, description: 'required with password' })),
});

export const OtpInput = Type.Object({ otp: Type.String({ maxLength: 32 }) });

export const TwoFactorSetupEnvelope = DataEnvelope(Type.Object({
  object: Type.Literal('two_factor_setup'),
  secret: Type.String({ description: 'base32, for typing into an authenticator app' }),
  otpauth_url: Type.String({ description: 'otpauth://totp/…: what a QR code shows an authenticator app' }),
}, { title: 'TwoFactorSetup' }));

export const RecoveryCodesEnvelope = DataEnvelope(Type.Object({
  object: Type.Literal('recovery_codes'),
  recovery_codes: Type.Array(Type.String(), { description: 'ten codes, each good for one sign-in; shown this once' }),
}, { title: 'RecoveryCodes' }));

export const UserPolicy = Type.Object({
  object: Type.Literal('user_policy'),
  is_two_factor_required: Type.Boolean({ description: 'every user must set up two-factor sign-in before doing anything else' }),
}, { title: 'UserPolicy' });
export const UserPolicyEnvelope = DataEnvelope(UserPolicy);
export const UserPolicyUpdate = Type.Object({ is_two_factor_required: Type.Boolean() });

export const AccessEnvelope = DataEnvelope(Type.Object({
  object: Type.Literal('access'),
  actor: StaffRef,
  role: RoleName,
  actions: Type.Array(Type.String(), { description: 'every action this credential may take (the x-action of each operation)' }),
  must_set_up_two_factor: Type.Boolean(),
}, { title: 'Access' }));

export const UserListQuery = Type.Object(PageQuery);
