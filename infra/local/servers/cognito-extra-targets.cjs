// Cognito calls the product uses that cognito-local 5.3 does not implement.
const { NotAuthorizedError } = require('cognito-local/lib/errors');

const decodeJwt = (token) => {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8'));
  } catch {
    throw new NotAuthorizedError();
  }
};

module.exports = {
  // Signs the user out everywhere: every refresh token of the user stops working.
  GlobalSignOut:
    ({ cognito }) =>
    async (ctx, req) => {
      const claims = decodeJwt(req.AccessToken);
      const poolId = String(claims.iss || '').split('/').pop();
      const userPool = await cognito.getUserPool(ctx, poolId);
      const user = await userPool.getUserByUsername(ctx, claims.username || claims.sub);
      if (!user) throw new NotAuthorizedError();
      await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
};
