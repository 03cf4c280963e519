// mp4box publishes its types only through package.json "exports" (the "types" entry names a file
// it does not ship), which the workspace's CommonJS module resolution does not read; this points
// the compiler at the CommonJS declarations that "exports" selects for require().
declare module 'mp4box' {
  export * from 'mp4box/dist/mp4box.all.cjs';
}
