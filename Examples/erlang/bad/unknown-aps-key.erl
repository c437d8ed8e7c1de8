Notification = [
    {'alert', <<"Would you like to play a game?">>},
    {'sounds', <<"wopr">>}
].
