// Cognito calls the product uses that cognito-local 5.3 does not implement.
const { NotAuthorizedError } = require('cognito-local/lib/errors');

const decodeJwt = (token) => {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8'));
  } catch {
    throw new NotAuthorizedError();
  }
};

const signOutUser = async (ctx, userPool, username) => {
  const user = await userPool.getUserByUsername(ctx, username);
  if (!user) throw new NotAuthorizedError();
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
};

module.exports = {
  // The administrator's variant: signs a user out everywhere by user name.
  AdminUserGlobalSignOut:
    ({ cognito }) =>
    async (ctx, req) => {
      const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
      await signOutUser(ctx, userPool, req.Username);
      return {};
    },

  // Signs the user out everywhere: every refresh token of the user stops working.
  GlobalSignOut:
    ({ cognito }) =>
    async (ctx, req) => {
      const claims = decodeJwt(req.AccessToken);
      const poolId = String(claims.iss || '')
        .split('/')
        .pop();
      const userPool = await cognito.getUserPool(ctx, poolId);
      await signOutUser(ctx, userPool, claims.username || claims.sub);
      return {};
    },
};
