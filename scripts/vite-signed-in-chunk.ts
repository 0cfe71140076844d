import { build, type InlineConfig, type Rollup } from 'vite';

/**
 * One long-lived chunk group for the code the signed-in screens share, none of which the sign-in
 * page downloads (issue 23).
 *
 * Left to automatic chunking, every set of lazy screens that shares a few modules gets a chunk of
 * its own: the build had 160-odd chunks, and the loan page loaded some 90 files, each a request
 * and a `<link rel=modulepreload>` the preload helper appends (about half a second of a phone's
 * main thread). A group of everything the signed-in screens share cuts that to a few files; but
 * a plain group also captures modules the sign-in page needs (an input, the form helpers), and the
 * sign-in page then downloads the whole group.
 *
 * What the sign-in page needs is known only after tree-shaking (it imports the domain's and MUI's
 * index modules, which re-export far more than it uses), so this takes it from a first build:
 * `probeSignInModules` builds the portal once in memory with automatic chunking and answers the
 * modules of the chunks the sign-in page loads (the entry's and the sign-in screen's, with their
 * static imports). The real build's group then takes what is outside that set and shared by two
 * or more entries (`minShareCount`, counting the lazy screens) into one chunk; what only one
 * screen uses stays with that screen (the chart, the map, the calendar). The probe costs the
 * build about three seconds.
 *
 * Measured (Lighthouse 12 mobile, median of 3, same server): the loan page went from 87 files to
 * 23 and its score from 53 to 61, the dashboard from 73 to 81; the sign-in page's bytes did not
 * change. Chunks by the set of screens that share them (`entriesAware`, small ones merged at 30
 * kB) made 33 files on the loan page and more bytes than the one chunk.
 *
 * Written here because no plugin of Vite's or Rolldown's ecosystem groups "shared by the lazy
 * routes, minus one route's tree-shaken closure".
 */
export async function probeSignInModules(
  config: InlineConfig,
  signInScreen: string,
): Promise<ReadonlySet<string>> {
  const result = await build({
    ...config,
    logLevel: 'silent',
    build: { ...config.build, write: false, manifest: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('signed-in chunk: the probe build did not finish');
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  }
  const roots = [...chunks.values()].filter(
    (chunk) => chunk.isEntry || chunk.facadeModuleId === signInScreen,
  );
  if (!roots.some((chunk) => chunk.facadeModuleId === signInScreen)) {
    throw new Error(`signed-in chunk: no chunk of ${signInScreen} in the probe build`);
  }
  const modules = new Set<string>();
  const seen = new Set<string>();
  const pending = roots.map((chunk) => chunk.fileName);
  for (let fileName = pending.pop(); fileName !== undefined; fileName = pending.pop()) {
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) continue;
    for (const id of chunk.moduleIds) modules.add(id);
    pending.push(...chunk.imports);
  }
  return modules;
}

/** The code-splitting group of what the signed-in screens share, outside `signIn`. */
export function signedInGroup(signIn: ReadonlySet<string>) {
  return {
    name: 'signed-in',
    test: (id: string) => !signIn.has(id),
    minShareCount: 2,
    priority: 5,
    // Its modules' imports are shared by the same screens (so captured too) or are the sign-in
    // page's (which must stay out): following them would pull the sign-in page's code in.
    includeDependenciesRecursively: false,
  };
}
