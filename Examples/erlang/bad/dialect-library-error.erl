[
    {'alert', <<"Final score">>},
    {'extra', [{<<"score">>, {3, 1}}]}
].
