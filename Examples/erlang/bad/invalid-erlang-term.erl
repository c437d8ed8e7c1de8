[
    {'alert', <<"Would you like to play a game?">>},
    {'badge', 1}
    {'sound', <<"wopr">>}
].
