/** The package version, injected at build time by esbuild. */
declare const __VERSION__: string | undefined;
export const version: string = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';
