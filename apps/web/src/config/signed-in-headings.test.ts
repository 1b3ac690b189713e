import { SIGNED_IN_HEADINGS } from '@bit/contract';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe("the headings the server writes for a signed-in user's screen", () => {
  it("are for the app's own screens", () => {
    const screens: string[] = Object.values(paths);
    for (const path of Object.keys(SIGNED_IN_HEADINGS)) expect(screens).toContain(path);
  });
});
