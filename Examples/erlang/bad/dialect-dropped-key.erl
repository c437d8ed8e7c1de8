%% make_alert/1 reads body, action-loc-key, loc-key, loc-args and launch-image: the title is not sent.
[
    {'alert', [{'title', <<"Game invite">>},
               {'body', <<"Jenna invited you to play">>}]}
].
