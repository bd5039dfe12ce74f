import { z } from 'zod';

/** One wording for a missing field everywhere the contracts validate (server answers and client forms). */
z.config({
  customError: (issue) => (issue.input === undefined && issue.code === 'invalid_type' ? 'Required' : undefined),
});
