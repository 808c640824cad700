import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthResponse = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.string(),
  /** Admins only: bytes the embedded database's data folder takes on disk. */
  data_folder_bytes: z.number().optional(),
});

export const healthApi = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    identifyIfSignedIn: true,
    tag: 'health',
    response: healthResponse,
  }),
};
