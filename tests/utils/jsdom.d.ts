// jsdom ships no types and @types/jsdom is not installed: the little the tests use, typed here.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
