// @ts-nocheck
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The SFTP and shell view of the simulator's data directory: `/etc/pmta/config` is `root/etc/pmta/config`.
 * `..` stops at `/`, and a path whose real location (symlinks followed) lies outside the root is refused,
 * including a dangling symlink whose target would be created outside.
 */
export class Sandbox {
  readonly realRoot: string;

  private constructor(realRoot: string) {
    this.realRoot = realRoot;
  }

  static async open(root: string): Promise<Sandbox> {
    await fs.mkdir(root, { recursive: true });
    return new Sandbox(await fs.realpath(root));
  }

  /** The virtual absolute path (`/etc/pmta/config`) of what a client wrote. */
  static virtual(p: string): string {
    return path.posix.resolve('/', p.replaceAll('\\', '/'));
  }

  /** The real path of a virtual one; throws EACCES when it would leave the root. */
  async resolve(p: string): Promise<string> {
    let existing = path.join(this.realRoot, Sandbox.virtual(p));
    const missing: string[] = [];
    for (;;) {
      try {
        const real = await fs.realpath(existing);
        if (!this.contains(real)) throw denied(p);
        return path.join(real, ...missing);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        // A dangling symlink: realpath fails but the link itself exists; following it could leave the root.
        if (
          await fs.lstat(existing).then(
            () => true,
            () => false,
          )
        )
          throw denied(p);
        missing.unshift(path.basename(existing));
        existing = path.dirname(existing);
      }
    }
  }

  private contains(real: string): boolean {
    return real === this.realRoot || real.startsWith(this.realRoot + path.sep);
  }
}

function denied(p: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${p}: Permission denied`), { code: 'EACCES' });
}
