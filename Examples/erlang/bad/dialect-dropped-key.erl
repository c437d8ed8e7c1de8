%% make_notification/1 reads alert, badge, sound and extra; make_alert/1 has no title.
[
    {'alert', [{'title', <<"Game invite">>},
               {'body', <<"Jenna invited you to play">>}]},
    {'sounds', <<"wopr">>},
    {'category', <<"INVITE">>}
].
