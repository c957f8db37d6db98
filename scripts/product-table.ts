// Where the product team's scripts (`npm run plans`, `npm run grant`) find the table. In AWS:
// TABLE_NAME (the stack's TableName output), or the outputs file `cdk deploy --outputs-file` wrote
// (`npm run deploy` passes it as `--outputs`), with the usual AWS credentials and region. On one
// machine, when neither is given: the running local cloud's runtime.json in DATA_DIR (default .data).
import fs from 'node:fs';
import path from 'node:path';

export const useProductTable = (cdkOutputs?: string) => {
  if (cdkOutputs) {
    const stacks = JSON.parse(fs.readFileSync(cdkOutputs, 'utf8')) as Record<string, Record<string, string>>;
    const tableName = Object.values(stacks).find((outputs) => outputs.TableName)?.TableName;
    if (!tableName) throw new Error(`No TableName output in ${cdkOutputs}.`);
    process.env.TABLE_NAME = tableName;
  }
  if (process.env.TABLE_NAME) return `table ${process.env.TABLE_NAME}`;
  const runtime = path.resolve(process.env.DATA_DIR ?? '.data', 'runtime.json');
  if (!fs.existsSync(runtime)) {
    throw new Error(
      `No TABLE_NAME and no local cloud at ${runtime}: set TABLE_NAME (and AWS credentials) for AWS, or run npm start first.`,
    );
  }
  const { functionEnv } = JSON.parse(fs.readFileSync(runtime, 'utf8')) as { functionEnv: Record<string, string> };
  Object.assign(process.env, functionEnv);
  return `the local cloud in ${path.dirname(runtime)}`;
};
