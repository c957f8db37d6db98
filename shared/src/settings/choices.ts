// Leaf module (no schemas): the settings' fixed choices. Server code that needs only these imports
// them from here, without the settings schemas and messages of contract/profile.ts (which re-exports them).

export const blockchains = ['bitcoin', 'ethereum'] as const;
export type Blockchain = (typeof blockchains)[number];

/** Spec §3 storagetype: 1 S3, 2 Azure, 3 Google Drive, 4 FTP, 5 local. */
export const storageTypes = { s3: 1, azure: 2, gdrive: 3, ftp: 4, local: 5 } as const;
export type StorageType = (typeof storageTypes)[keyof typeof storageTypes];
