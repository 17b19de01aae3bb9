import { z } from 'zod';

export const geoSchema = z
  .object({
    country: z.string(),
    country_code: z.string().length(2),
    ip: z.string(),
    is_geo_blocked: z.boolean(),
  })
  .meta({ id: 'Geo' });
export type Geo = z.infer<typeof geoSchema>;
