# Sockets of each kind, a pipe and a device, for -yy (tests/e2e.py).
# The unix socket's path comes from the command line.
import os, socket, sys
s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()
c = socket.create_connection(s.getsockname()); a, _ = s.accept()
c.send(b'x'); a.recv(1)
u = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); u.bind(('::1', 0)); u.sendto(b'y', u.getsockname())
p, q = socket.socketpair(); p.send(b'z'); q.recv(1)
r, w = os.pipe(); os.write(w, b'p')
f = os.open('/dev/null', os.O_RDONLY); os.read(f, 1)
x = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
l = socket.socket(socket.AF_UNIX); l.bind(sys.argv[1]); l.listen()
k = socket.socket(socket.AF_UNIX); k.connect(sys.argv[1]); m,_ = l.accept()
n = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0); n.bind((0,0))
for z in (s, c, a, u, p, q, x, l, k, m, n): z.close()
os.close(r); os.close(w); os.close(f)
