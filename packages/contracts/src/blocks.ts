import { z } from 'zod';
import { chatPartnerSchema } from './chats.js';
import { idSchema } from './common.js';

/** A person the caller blocked, and since when. */
export const blockSchema = z
  .object({
    user: chatPartnerSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Block' });
export type Block = z.infer<typeof blockSchema>;

export const blocksSchema = z.object({ items: z.array(blockSchema) }).meta({ id: 'Blocks' });
export type Blocks = z.infer<typeof blocksSchema>;

export const blockParamsSchema = z.object({ userId: idSchema });
