// Server side of the islands: one function the build script calls per island.
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { components } from 'unitly:components';

type Island = ComponentType<any> & { prepare?: (props: Record<string, unknown>) => Promise<unknown> | undefined };

/** What an island must fetch before it renders (runtime/client.ts awaits the same before hydrating), or undefined. */
export function prepare(name: string, props: Record<string, unknown>): Promise<unknown> | undefined {
  return (components as Record<string, Island>)[name]?.prepare?.(props);
}

export function render(name: string, props: Record<string, unknown>): string {
  const component = (components as Record<string, ComponentType<any>>)[name];
  if (!component) throw new Error(`no island named ${name}`);
  // Islands are separate React roots: a per-component prefix keeps their useId()s apart.
  return renderToString(createElement(component, props), { identifierPrefix: `${name}-` });
}
