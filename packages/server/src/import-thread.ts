// The import thread's entry (core/imports/thread.ts starts it): the kinds, and the loop that runs them.
import { serveImports } from './core/imports/thread-main.ts';
import { importKinds } from './import-kinds.ts';

serveImports(importKinds);
