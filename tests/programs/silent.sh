# Never says READY.
exec sleep 30
