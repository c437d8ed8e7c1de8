Notification = [
    {'alert', [{'titel', <<"Game invite">>},
               {'body', <<"Jenna invited you to play">>}]}
].
