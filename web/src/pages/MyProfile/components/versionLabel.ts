/** Spec §2: "v2 shows 'Version 2', otherwise 'Version3'". */
export const versionLabel = (version: string) => (version === 'v2' ? 'Version 2' : 'Version3');
