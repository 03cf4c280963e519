// One webpack configuration factory for the shell and the four role remotes, so that loaders,
// aliases, federation sharing and output naming can never drift apart between apps.
const path = require('path');
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { remotesManifest } = require('../remotes-manifest.cjs');

// webpack 5.110's own minimizer package: resolved through webpack so the pinned pair is used.
const MinimizerPlugin = require(
  require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(require.resolve('webpack/package.json'))] }),
);

const workspaceRoot = path.resolve(__dirname, '../..');

/** Workspace libraries are compiled from source: no lib build step sits between an edit and a page. */
const LIBRARY_SOURCES = {
  '@huddle/domain': 'libs/domain',
  '@huddle/api-client': 'libs/api-client',
  '@huddle/ui': 'libs/ui',
  '@huddle/discovery': 'libs/discovery',
  '@huddle/requests': 'libs/requests',
  '@huddle/booking': 'libs/booking',
  '@huddle/member': 'libs/member',
};

/**
 * Shared singletons, listed explicitly (never "share every dependency"). React and the router
 * and query cache hold module-level state (hooks dispatcher, location subscribers, the
 * QueryClient context), so host and remote must run one copy of each.
 */
const SHARED_PACKAGES = ['react', 'react-dom', 'wouter', '@tanstack/react-query'];

/**
 * Workspace libraries that are singletons too. @huddle/ui carries React contexts the shell
 * provides and remotes consume (toasts) and page-wide state (the scroll-lock count, the Escape
 * stack), and its stylesheet then arrives once. @huddle/domain is shared because ui needs it and
 * the shell already ships most of it. The screen libs (@huddle/discovery, @huddle/requests,
 * @huddle/booking, @huddle/member) and @huddle/api-client are not shared: a page runs one remote,
 * so sharing them would only move bytes into the shell.
 */
const SHARED_WORKSPACE_LIBS = ['@huddle/domain', '@huddle/ui'];

function readPackage(dir) {
  return require(path.join(dir, 'package.json'));
}

function sharedConfig(appPackage) {
  const dependencies = appPackage.dependencies || {};
  const shared = {};
  for (const name of SHARED_PACKAGES) {
    if (!dependencies[name]) throw new Error(`${appPackage.name} shares ${name} but does not depend on it.`);
    shared[name] = { singleton: true, requiredVersion: dependencies[name] };
  }
  for (const name of SHARED_WORKSPACE_LIBS) {
    const libPackage = readPackage(path.join(workspaceRoot, LIBRARY_SOURCES[name]));
    // The alias points at sources, so the version is stated rather than guessed from a path.
    shared[name] = { singleton: true, version: libPackage.version, requiredVersion: `^${libPackage.version}` };
  }
  return shared;
}

/** Lazily loaded screens only a business (and the administrator) opens, by path without extension, as imported. */
const BUSINESS_ONLY_SCREENS = ['libs/discovery/src/dashboard/CreateCampaignModal', 'libs/requests/src/campaign/CampaignDetailScreen'];

/**
 * The files each shared module this build provides loads when a page takes the module from this
 * build: its provide module's chunk group. mf-manifest.json lists both more (the consume side's
 * fallback chunk, the same code, which never loads while this build provides the module: preloaded,
 * Chromium warned it went unused) and less (other chunks of the group, such as @huddle/ui's CSS).
 */
function providedFiles(compilation) {
  const shared = {};
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    const files = new Set();
    for (const block of module.blocks) {
      for (const file of compilation.chunkGraph.getBlockChunkGroup(block)?.getFiles() ?? []) files.add(file);
    }
    shared[module._name] = [...files];
  }
  return shared;
}

/**
 * Writes dist/build-stats.json: the files of each entrypoint, named chunk group and provided shared
 * module, for tools/bench and the shell page's preloads (tools/first-screen.mjs).
 */
class BuildStatsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildStatsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const chunkGroups = {};
          for (const [name, group] of compilation.namedChunkGroups) chunkGroups[name] = group.getFiles();
          const entrypoints = {};
          for (const [name, entry] of compilation.entrypoints) entrypoints[name] = entry.getFiles();
          const json = JSON.stringify({ entrypoints, chunkGroups, shared: providedFiles(compilation) }, null, 2);
          compilation.emitAsset('build-stats.json', new sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * Writes a gzip twin (name.gz) of every script, stylesheet, page and manifest, so the static
 * server sends compressed bytes without compressing on each request.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.(?:js|cjs|css|html|json)$/.test(name)) continue;
            const gzipped = zlib.gzipSync(compilation.getAsset(name).source.buffer(), { level: 9 });
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipped), { compressed: true });
          }
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dirname     the app's directory (its webpack.config.js __dirname)
 * @param {'host'|'remote'} options.kind
 * @param {string} options.name        federation name: 'shell', 'fan', 'athlete', 'business', 'admin'
 * @param {number} options.port        dev-server port
 * @param {string} options.title       page title of the app's own page
 */
function createConfig({ dirname, kind, name, port, title }) {
  const appPackage = readPackage(dirname);
  const isHost = kind === 'host';

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // A remote's own page exists only for development; in production the shell is its page.
    const withPage = isHost || !production;

    // One federation runtime a page: the shell's main bundle carries it and hands it to the remotes
    // (provide-federation-runtime.mjs); a production remote is built without its own
    // (externalRuntime), which took about 18 KB gzipped off each remoteEntry.js. A remote's own
    // development page has no shell, so it keeps its runtime. `target: 'web'` drops the runtime's
    // Node-only loading code from the browser bundles.
    const federation = isHost
      ? {
          name,
          remotes: {},
          runtimePlugins: [path.join(__dirname, 'provide-federation-runtime.mjs')],
          experiments: { optimization: { target: 'web' } },
        }
      : {
          name,
          filename: 'remoteEntry.js',
          exposes: { './App': './src/App.tsx' },
          experiments: { externalRuntime: production, optimization: { target: 'web' } },
        };

    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: withPage ? { main: './src/main.ts' } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        publicPath: 'auto',
        uniqueName: `huddle-${name}`,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        // dist/server/ is the server build's (createServerConfig), emitted beside this one.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: {
          ...Object.fromEntries(
            Object.entries(LIBRARY_SOURCES).map(([lib, dir]) => [`${lib}$`, path.join(workspaceRoot, dir, 'src/index.ts')]),
          ),
          // The formatters of libs/domain, outside the shared @huddle/domain singleton so each app
          // bundles only those it uses; see libs/domain/src/format/index.ts.
          '@huddle/domain/format$': path.join(workspaceRoot, 'libs/domain/src/format/index.ts'),
          // The booking payload schemas (zod), off the shared singleton: only the lazily loaded
          // booking forms carry zod, never a guest's first screen.
          '@huddle/domain/request-details$': path.join(workspaceRoot, 'libs/domain/src/request-details.ts'),
          // The NIL disclosure rules and the administrator's rules, off the shared singleton: only
          // the locker room and the console carry them, never another role's first screen.
          '@huddle/domain/nil$': path.join(workspaceRoot, 'libs/domain/src/nil.ts'),
          '@huddle/domain/admin$': path.join(workspaceRoot, 'libs/domain/src/admin.ts'),
          // Week and month boundaries in the viewer's time zone (the counters' periods), off the
          // shared singleton too: a screen that needs them carries them in its own chunk.
          '@huddle/domain/periods$': path.join(workspaceRoot, 'libs/domain/src/periods.ts'),
          // The request state machine and the payout rules: the API's, and screens that load later
          // (the booking form, a request's page, the payout screens) carry what they use.
          '@huddle/domain/request-actions$': path.join(workspaceRoot, 'libs/domain/src/request-actions.ts'),
          '@huddle/domain/payouts$': path.join(workspaceRoot, 'libs/domain/src/payouts.ts'),
          // Files the API serves (the NIL packet, exports): imported by path, a later screen's chunk
          // carries them; through the client's index they rode in the remote's first screen.
          '@huddle/api-client/file-download$': path.join(workspaceRoot, 'libs/api-client/src/file-download.ts'),
          // Development-only stand-in shell for a remote's own page; see libs/ui/src/standalone.tsx.
          '@huddle/ui/standalone$': path.join(workspaceRoot, 'libs/ui/src/standalone.tsx'),
          // The shell contract's version, compiled into each app rather than shared, so a remote
          // checks the shell against the version it was built for; see libs/ui/src/shell-contract.ts.
          '@huddle/ui/shell-contract$': path.join(workspaceRoot, 'libs/ui/src/shell-contract.ts'),
          // The file-upload field, off the shared index: only member screens use it, so it rides in
          // their chunks and never in a guest's first screen.
          '@huddle/ui/file-upload$': path.join(workspaceRoot, 'libs/ui/src/FileUploadField.tsx'),
          // The business's campaign form, off @huddle/booking's index: webpack emits a chunk for each
          // import() of a bundled module, used or not, so through the index the fan remote carried it.
          '@huddle/booking/campaign$': path.join(workspaceRoot, 'libs/booking/src/campaign/index.ts'),
          // Screens of a business's campaigns that shared screens load lazily (the dashboard's Create
          // campaign, a campaign's page): the fan remote never shows them (the domain's route table
          // offers them to businesses and the administrator), so its build leaves them out (an empty
          // module) instead of carrying their chunks.
          ...(name === 'fan' ? Object.fromEntries(BUSINESS_ONLY_SCREENS.map((file) => [path.join(workspaceRoot, file), false])) : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
            // A stylesheet is imported for what it does to the page, whatever its package says:
            // react-easy-crop declares "sideEffects": false, so production builds dropped its
            // stylesheet's import and the cropper showed the photo at full size with no crop frame.
            sideEffects: true,
          },
        ],
      },
      optimization: {
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { compress: { passes: 2 }, mangle: true },
          }),
        ],
      },
      // The bundle budget is enforced by tools/bench/bundle-size.mjs on what a guest downloads.
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          shared: sharedConfig(appPackage),
          manifest: true,
          // Types travel through the workspace's TypeScript paths, not federation's type archives.
          dts: false,
        }),
        production && new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
        // Absolute script URLs: deep links such as /request/5 load the same files as '/'.
        withPage && new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title, publicPath: '/', chunks: ['main'] }),
        new BuildStatsPlugin(),
        production && new PrecompressPlugin(),
      ].filter(Boolean),
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        // The shell's origin loads a remote's files.
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        proxy: [{ context: ['/api'], target: process.env.API_URL || 'http://localhost:3000', changeOrigin: false }],
        setupMiddlewares: (middlewares) => {
          if (isHost) {
            middlewares.unshift({
              name: 'remotes-manifest',
              path: '/remotes.json',
              middleware: (_req, res) => {
                res.setHeader('Content-Type', 'application/json');
                res.setHeader('Cache-Control', 'no-cache');
                res.end(JSON.stringify(remotesManifest(process.env)));
              },
            });
          }
          return middlewares;
        },
      },
    };
  };
}

/**
 * The modules a first screen rendered on the server takes from the shell's server bundle instead of
 * bundling its own: the packages and workspace libs the browser builds share as singletons (one
 * React, one router, one query cache, one @huddle/ui with its contexts), plus React's JSX runtime,
 * which compiled JSX imports. src/server/first-screen.tsx of the shell provides exactly these.
 */
const SERVER_SHARED_MODULES = [...SHARED_PACKAGES, 'react/jsx-runtime', ...SHARED_WORKSPACE_LIBS];

/** A module that exports nothing: stylesheets on the server (the page links the browser build's CSS). */
const EMPTY_LOADER = path.join(__dirname, 'empty-module-loader.cjs');

/**
 * The server build of an app's first screen (issue 24): the same sources compiled for Node into one
 * CommonJS file, dist/server/<file>, so the shell's server renders the guest's first screen from the
 * React components the browser runs.
 *   - host: src/server/first-screen.tsx, everything bundled; tools/first-screen.mjs loads it.
 *   - remote: its exposed App (src/App.tsx) as `module.exports.default`, with SERVER_SHARED_MODULES
 *     left as require() calls that the shell's server answers with its own copies, as the browser's
 *     federation runtime hands a remote the shell's singletons. The remote's static server serves the
 *     file beside remoteEntry.js, so the shell renders whatever version of the remote is deployed.
 */
function createServerConfig({ dirname, kind, name }) {
  const isHost = kind === 'host';
  return (env, argv) => {
    const browser = createConfig({ dirname, kind, name, port: 0, title: name })(env, argv);
    return {
      name: `${name}-server`,
      mode: 'production',
      target: 'node20',
      context: dirname,
      entry: { [isHost ? 'first-screen' : 'app']: isHost ? './src/server/first-screen.tsx' : './src/App.tsx' },
      devtool: false,
      output: {
        path: path.join(dirname, 'dist/server'),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      externalsType: 'commonjs',
      externals: isHost ? {} : Object.fromEntries(SERVER_SHARED_MODULES.map((module) => [module, module])),
      resolve: browser.resolve,
      module: {
        rules: [
          browser.module.rules[0],
          { test: /\.css$/, use: [EMPTY_LOADER] },
        ],
      },
      // Lazily loaded screens join the one file: a server reads it once, and no chunk loading runs there.
      // A remote's is fetched by the shell's server: compressed, 4 MB are about 0.6 MB on the wire.
      plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }), !isHost && new PrecompressPlugin()].filter(Boolean),
      optimization: { minimize: false },
      performance: { hints: false },
    };
  };
}

/**
 * An app's webpack configuration: the browser build, and in production the server build of its
 * first screen too when `ssr` is set (the shell, and the remote a guest runs).
 */
function createAppConfig(options) {
  const browser = createConfig(options);
  if (!options.ssr) return browser;
  const server = createServerConfig(options);
  return (env, argv) => (argv.mode === 'development' ? browser(env, argv) : [browser(env, argv), server(env, argv)]);
}

module.exports = { createConfig, createAppConfig, SERVER_SHARED_MODULES, SHARED_PACKAGES, SHARED_WORKSPACE_LIBS, LIBRARY_SOURCES };
