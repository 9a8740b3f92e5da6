"""Real servers on loopback ports: gunicorn, redis-server, and the package installed whole."""
