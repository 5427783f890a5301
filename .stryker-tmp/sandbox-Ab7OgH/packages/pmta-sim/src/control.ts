/*
 * The seam between the simulated PowerMTA (sim.ts: configuration, queues, accounting, HTTP) and its SSH
 * side (ssh.ts: the SSH server, the SFTP sandbox, the shell commands an operator's console runs). The SSH
 * side knows no PMTA state: every `pmta ...` command line goes through `command`.
 */
// @ts-nocheck


/** What a finished command printed, and its exit code (0 success), as a shell would report them. */
export interface CommandResult {
  code: number;
  /** Standard output (PMTA prints its answers and its errors here). */
  stdout: string;
  stderr: string;
}

export interface PmtaControl {
  /** The simulator's data directory: the SFTP root (`/etc/pmta/config`, `/var/log/pmta/acct-*.csv`, ...). */
  readonly root: string;
  /** Whether the PMTA service runs (a stopped service answers no SMTP or HTTP and `pmta` commands fail). */
  readonly running: boolean;
  /**
   * One `pmta` command line, the words after `pmta`: `reload`, `show status|queues|vmtas|jobs|settings`,
   * `pause queue D/V`, `resume queue D/V`, `set queue --mode=backoff D/V`, `delete --jobId=J|--queue=D/V`,
   * `rotate acct`, `--version`. PMTA's wording for answers and refusals.
   */
  command(args: string[]): Promise<CommandResult>;
  /** The service itself (`systemctl start|stop|restart|is-active pmta`). */
  service(action: 'start' | 'stop' | 'restart' | 'status'): Promise<CommandResult>;
}
