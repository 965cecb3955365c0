declare module 'unitly:components' {
  export const components: Record<string, unknown>;
}
