% café comment
[{alert, <<"Hi">>}, {badge, <<"5">>}].
