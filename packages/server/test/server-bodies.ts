/** A valid create/edit body of each kind of server, for the tests (`over` replaces or adds fields). */
export const pmtaServerBody = (over: Record<string, unknown> = {}) => ({
  name: 'PMTA 1',
  serverIp: '198.51.100.10',
  pmtaHttpPort: 8080,
  sshPort: 22,
  smtpPort: 3535,
  encryption: '',
  serverUsername: 'root',
  relayNormalSpeed: 60,
  relayBackoffSpeed: 600,
  ipList: '127.0.0.1',
  ...over,
});

export const smtpServerBody = (over: Record<string, unknown> = {}) => ({
  name: 'Mail 1',
  host: 'smtp.example.com',
  port: 587,
  tls: true,
  relayNormalSpeed: 30,
  relayBackoffSpeed: 300,
  ...over,
});
