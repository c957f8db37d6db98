/** STANDARDS.md "Blockcerts Wallet introduction": the wallet's import link of an issued certificate. */
export const walletImportLink = (credentialJsonUrl: string) =>
  `https://wallet.blockcerts.org/#/import-certificate/${encodeURIComponent(credentialJsonUrl)}`;
