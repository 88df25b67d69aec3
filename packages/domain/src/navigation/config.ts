import { z } from 'zod';
import type { NavigationItem, NavigationLeaf } from './menu.ts';

/**
 * /config/navigation.json, the runtime override of the sidebar menu. Apart from the menu's
 * constants (menu.ts), which the web app needs at start-up, before any schema.
 */
const navigationLeafSchema = z.object({
  label: z.string().min(1),
  path: z.string().startsWith('/'),
  icon: z.string().optional(),
}) satisfies z.ZodType<NavigationLeaf>;

const navigationItemSchema = navigationLeafSchema.extend({
  children: z.array(navigationLeafSchema).optional(),
}) satisfies z.ZodType<NavigationItem>;

export const navigationConfigSchema = z.object({
  items: z.array(navigationItemSchema).min(1),
});
