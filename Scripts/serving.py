"""What the project's loopback test servers (sse_server.py, tls_server.py) share: serving until SIGTERM or SIGINT,
with a pid file the server writes itself once listening ($! of whoever started it may be a wrapper, a pyenv shim)
and removes on exit if it is still its own. Standard library only."""

import os
import signal


def serve_until_stopped(server, pid_file):
    """Serves `server` until SIGTERM or SIGINT; writes this process's pid to `pid_file` (if any) first."""

    def stop(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if pid_file:
        with open(pid_file, "w") as file:
            file.write("%d\n" % os.getpid())
    try:
        server.serve_forever()
    except SystemExit:
        pass
    finally:
        server.server_close()
        if pid_file:
            try:
                with open(pid_file) as file:
                    if file.read().strip() == str(os.getpid()):
                        os.remove(pid_file)
            except OSError:
                pass
