// A runtime plugin of the shell (the federation host): it hands the host's own
// @module-federation/runtime-core to the remotes, which are built without one (production remotes
// set experiments.externalRuntime and read the global _FEDERATION_RUNTIME_CORE), so a page runs
// one federation runtime instead of one in the shell's main bundle and another in each remoteEntry.js.
//
// What `experiments.provideExternalRuntime` does, but imported as an ES module: that option's
// plugin requires the CommonJS build of runtime-core, which put a second copy of it (24 KB gzipped)
// beside the ES build the host's runtime already uses.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'huddle-provide-federation-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) global._FEDERATION_RUNTIME_CORE = runtimeCore;
      return args;
    },
  };
}
