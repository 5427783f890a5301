// pg's own value writer (what it sends for an array parameter); @types/pg does not describe this module.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
