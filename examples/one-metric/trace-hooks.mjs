// ESM resolve hook that reports every module URL loaded, so the test can check the module graph.
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  process.stderr.write(`LOADED ${result.url}\n`);
  return result;
}
