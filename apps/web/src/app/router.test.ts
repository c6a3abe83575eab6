import { HOME_SCREEN_PATHS, SITE_PATHS } from '@tessera/contract/site-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TitleHandle } from './document-title';
import type { RouteHandle } from './route-popups';
import { routes } from './router';

const flatten = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...flatten(route.children ?? [])]);
const pages = flatten(routes).filter((route) => route.path !== undefined && route.path !== '*');

describe('the route table', () => {
  it('serves exactly the paths the server answers with 200', () => {
    expect(pages.map((route) => route.path).sort()).toEqual([...SITE_PATHS].sort());
  });

  it('shows the home page on the paths the server preloads its banner for', () => {
    const home = pages.filter((route) => route.path === '/' || route.path === '/index' || (route.handle as RouteHandle)?.popup);
    expect(home.map((route) => route.path).sort()).toEqual([...HOME_SCREEN_PATHS].sort());
  });

  it('names every page, the not-found page included', () => {
    const named = flatten(routes).filter((route) => route.path !== undefined && route.path !== '/');
    for (const route of named) expect((route.handle as TitleHandle | undefined)?.title, route.path).toBeTruthy();
  });
});
