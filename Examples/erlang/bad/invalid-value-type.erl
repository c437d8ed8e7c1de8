Notification = [
    {'alert', <<"Would you like to play a game?">>},
    {'category', 42}
].
