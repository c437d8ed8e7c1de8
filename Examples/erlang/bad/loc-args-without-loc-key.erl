Notification = [
    {'alert', [{'title', <<"Game invite">>},
               {'loc-args', [<<"Jenna">>, <<"Frank">>]}]}
].
