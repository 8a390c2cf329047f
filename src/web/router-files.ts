// Where the file-based routes live and where their generated tree goes. Shared by vite.config.ts (the
// router plugin) and scripts/generate-routes.ts (the tree for `tsc` without a build), so both agree.
export const ROUTER_FILES = {
  target: 'react',
  routesDirectory: './src/web/routes',
  generatedRouteTree: './src/web/routeTree.gen.ts',
  quoteStyle: 'single',
  semicolons: false,
  // Files beginning with '-' beside the routes are helpers, not routes.
  routeFileIgnorePrefix: '-',
} as const
