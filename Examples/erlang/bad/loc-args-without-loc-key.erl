[
    {'alert', [{'body', <<"Jenna and Frank invited you">>},
               {'loc-args', [<<"Jenna">>, <<"Frank">>]}]}
].
