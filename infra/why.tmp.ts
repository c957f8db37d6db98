import { buildBundle } from './bundles/build';
import { lambdaBundles } from './bundling';
const [name, ...pkgs] = process.argv.slice(2);
const b = lambdaBundles().find((b) => b.name === name)!;
const built = await buildBundle(process.cwd(), b, '/tmp/bsize-out');
const inputs = built.metafile.inputs;
for (const pkg of pkgs) {
  const chain: string[] = [];
  let target = Object.keys(inputs).find((f) => f.includes(`node_modules/${pkg}/`))!;
  for (let i = 0; i < 15 && target; i++) {
    chain.push(target);
    const next = Object.entries(inputs).find(([f, v]) => !chain.includes(f) && v.imports.some((im) => im.path === target));
    target = next?.[0]!;
  }
  console.log(pkg, '\n  ' + chain.join('\n  <- '));
}
