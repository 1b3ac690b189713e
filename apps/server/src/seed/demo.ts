import type { Ctx } from '../context';

export async function seedDemo(_ctx: Ctx): Promise<void> {
  throw new Error('seed:demo is not implemented yet');
}
