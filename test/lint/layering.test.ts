import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The layering rules of eslint.config.js can fail: each deliberate violation below, linted as if it
 * were a file at that path (nothing is written), gets the rule's error; the same file without the
 * violation gets none.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

const problems = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
};

const imports = 'no-restricted-imports';
const environment = 'no-restricted-properties';

describe('layering rules', () => {
  it.each([
    [
      'functions/src/domain/layering-fixture.ts',
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n",
      imports,
      /never the SDK/,
    ],
    [
      'functions/src/domain/workspace/layering-fixture.ts',
      "import { S3Client } from '@aws-sdk/client-s3';\nexport const c = S3Client;\n",
      imports,
      /never the SDK/,
    ],
    [
      'functions/src/domain/layering-fixture.ts',
      'export const table = process.env.TABLE_NAME;\n',
      environment,
      /function-config/,
    ],
    [
      'functions/src/http/layering-fixture.ts',
      'export const table = process.env.TABLE_NAME;\n',
      environment,
      /function-config/,
    ],
    [
      'functions/src/adapters/layering-fixture.ts',
      "import { getOrg } from '../domain/users';\nexport const g = getOrg;\n",
      imports,
      /never import domain/,
    ],
    [
      'functions/src/adapters/layering-fixture.ts',
      "import { table } from '../../../infra/resources';\nexport const t = table;\n",
      imports,
      /infra/,
    ],
    [
      'functions/src/domain/layering-fixture.ts',
      "import { table } from '../../../infra/resources';\nexport const t = table;\n",
      imports,
      /infra/,
    ],
    [
      'functions/src/jobs/layering-fixture.ts',
      "import { table } from '../../../infra/resources';\nexport const t = table;\n",
      imports,
      /infra/,
    ],
    [
      'web/src/pages/layering-fixture.ts',
      "import { routes } from '../../../functions/src/routes';\nexport const r = routes;\n",
      imports,
      /never import functions/,
    ],
    [
      'web/src/layering-fixture.ts',
      "import { table } from '../../infra/resources';\nexport const t = table;\n",
      imports,
      /infra/,
    ],
    [
      'functions/src/domain/workspace/issue/layering-fixture.ts',
      "import { hashPassword } from '../../accounts/passwords';\nexport const h = hashPassword;\n",
      imports,
      /internal to the accounts area/,
    ],
    [
      'functions/src/domain/layering-fixture.ts',
      "import { runImport } from './uploads/import';\nexport const r = runImport;\n",
      imports,
      /internal to the uploads area/,
    ],
    [
      'functions/src/domain/keys/layering-fixture.ts',
      "import { getUpload } from '../uploads/uploads';\nexport const u = getUpload;\n",
      imports,
      /does not use the uploads area/,
    ],
    [
      'shared/src/layering-fixture.ts',
      "import { jobs } from '../../functions/src/jobs';\nexport const j = jobs;\n",
      imports,
      /never import functions/,
    ],
    [
      'shared/src/contract/layering-fixture.ts',
      "import { api } from '../../../web/src/api/client';\nexport const a = api;\n",
      imports,
      /web/,
    ],
  ])('%s: a violation is refused', async (file, code, rule, message) => {
    const found = await problems(file, code);
    expect(found).toContainEqual({ rule, message: expect.stringMatching(message) });
  });

  it.each([
    [
      'functions/src/domain/layering-fixture.ts',
      "import { getOrg } from './accounts/users';\nexport const g = getOrg;\n",
    ],
    [
      'functions/src/domain/workspace/issue/layering-fixture.ts',
      "import { getOrg } from '../../accounts/users';\nimport { claimable } from './run';\nexport const g = [getOrg, claimable];\n",
    ],
    [
      'functions/src/adapters/layering-fixture.ts',
      "import { S3Client } from '@aws-sdk/client-s3';\nimport { functionConfig } from './function-config';\nexport const c = [S3Client, functionConfig];\n",
    ],
    [
      'web/src/layering-fixture.ts',
      "import { contract } from '@proofmark/shared/contract';\nexport const c = contract;\n",
    ],
  ])('%s: a file that keeps to its layer passes', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
}, 120_000);
