// Preloaded into the server-everything child process: its Express app listens on a fixed PORT on
// every interface; this makes it bind 127.0.0.1 on an ephemeral port and tells the parent which.
const net = require('node:net');

// The original, called below with the server as `this`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const callback = args.find((arg) => typeof arg === 'function');
  this.once('listening', () => process.send({ port: this.address().port }));
  return listen.call(this, 0, '127.0.0.1', callback);
};
