//! Scene files with one thing wrong each, for the loader's tests and every
//! chapter's command-line conformance test.

/// Scene files with one thing wrong, the field the error must name, and the value
/// it must show. The loader's tests check each message, and `viewer::conformance`
/// checks that every chapter's binary refuses each with exit code 1, that message,
/// and no output file.
pub const BAD_SCENES: &[(&str, &str, &str)] = &[
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": -1 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "-1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1e39 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "1e39",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "mass": 1e-46 } ] }"#,
        "bodies[0].mass",
        "1e-46",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.box.half_extents",
        "[1, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "mass": -2 } ] }"#,
        "bodies[0].mass",
        "-2",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "mass": 0 } ] }"#,
        "bodies[0].mass",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 0], "offset": 0 } } } ] }"#,
        "bodies[0].shape.plane.normal",
        "[0, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "density": 0 } ] }"#,
        "bodies[0].density",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "restitution": 1.5 } ] }"#,
        "bodies[0].restitution",
        "1.5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "friction": -0.1 } ] }"#,
        "bodies[0].friction",
        "-0.1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "colour": "red" } ] }"#,
        "bodies[0].colour",
        "colour",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } "#,
        "bodies",
        "line 1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } } } ] }"#,
        "bodies[0].position",
        "missing",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true, "velocity": [1, 0] } ] }"#,
        "bodies[0].velocity",
        "[1, 0]",
    ),
    (r#"{ "dt": 0, "bodies": [] }"#, "dt", "0"),
    (r#"{ "dt": -0.01, "bodies": [] }"#, "dt", "-0.01"),
    (r#"{ "dt": 16, "bodies": [] }"#, "dt", "16"),
    (r#"{ "iterations": 0, "bodies": [] }"#, "iterations", "0"),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 5 } } ] }"#,
        "joints[0].distance.body_b",
        "5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 0 } } ] }"#,
        "joints[0].distance.body_b",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0], "static": true } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 1 } } ] }"#,
        "joints[0]",
        "static",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "limit": [1, -1] } } ] }"#,
        "joints[0].revolute.limit",
        "[1, -1]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "limit": [0.5, 1] } } ] }"#,
        "joints[0].revolute.limit",
        "[0.5, 1]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [-1e6, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [1e6, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 1 } } ] }"#,
        "joints[0].distance.length",
        "2000000 m",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "angle": 3.4e38 } ] }"#,
        "bodies[0].angle",
        "3.4e38",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "revolute": { "body_a": 0, "body_b": 1,
                                         "motor": { "speed": 1e30, "max_torque": 10 } } } ] }"#,
        "joints[0].revolute.motor.speed",
        "1e30",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "prismatic": { "body_a": 0, "body_b": 1, "axis": [1, 0],
                                          "motor": { "speed": 1, "max_force": 3.4e38 } } } ] }"#,
        "joints[0].prismatic.motor.max_force",
        "3.4e38",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [0.1, 0.1] } }, "position": [0, 0], "static": true },
                         { "shape": { "box": { "half_extents": [0.25, 0.05] } }, "position": [0.5, 0] } ],
             "joints": [ { "prismatic": { "body_a": 0, "body_b": 1, "axis": [1, 0], "limit": [-0.1, 0.1] } } ] }"#,
        "joints[0].prismatic.limit",
        "0.5 m apart",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "revolute": { "body_a": 0, "body_b": 1,
                                         "motor": { "speed": 1, "max_torque": -5 } } } ] }"#,
        "joints[0].revolute.motor.max_torque",
        "-5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } ],
             "joints": [ { "weld": { "body_a": 0, "body_b": 2 } } ] }"#,
        "joints[0].weld.body_b",
        "2",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "prismatic": { "body_a": 0, "body_b": 1, "axis": [0, 0] } } ] }"#,
        "joints[0].prismatic.axis",
        "[0, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1e-10 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "1e-10",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "mass": 1e38 } ] }"#,
        "bodies[0].mass",
        "1e38 kg",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "density": 1e-30 } ] }"#,
        "bodies[0].density",
        "kg",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "density": 1e-38 } ] }"#,
        "bodies[0].density",
        "1e-38",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "friction": 1.9e19 } ] }"#,
        "bodies[0].friction",
        "1.9e19",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "angular_velocity": 3.4e38 } ] }"#,
        "bodies[0].angular_velocity",
        "3.4e38",
    ),
    (r#"{ "dt": 1e-9, "bodies": [] }"#, "dt", "1e-9"),
    (r#"{ "bodies": [] } { "bodies": [] }"#, "", "a file holds one scene"),
    (r#"[ [0, 0], 0.5, 3 ]"#, "", "one JSON object"),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0, 0] } ] }"#,
        "bodies[0].position",
        "found 3 numbers",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 1, "length": 3.4e38 } } ] }"#,
        "joints[0].distance.length",
        "3.4e38",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices",
        "2 corners",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [2, 0], [1, 0.5], [1, 2]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[2]",
        "[1, 0.5]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0], [2, 0], [1, 1]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[1]",
        "[1, 0]",
    ),
    (
        // A five-pointed star drawn in one stroke: every corner bulges out
        // from its neighbours, but the edges cross.
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 1], [-0.588, -0.809], [0.951, 0.309], [-0.951, 0.309], [0.588, -0.809]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[3]",
        "is not inside the edge",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0], [1, 0.001], [0, 1]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[2]",
        "the same corner twice",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0], [0, 1]], "radius": -0.1 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.radius",
        "-0.1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1e9, 0], [0, 1]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[1]",
        "1e9",
    ),
    (
        r#"{ "bodies": [ { "shape": { "capsule": { "half_length": 0, "radius": 0.2 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.capsule.half_length",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "capsule": { "half_length": 0.5, "radius": -1 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.capsule.radius",
        "-1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0], "static": true, "bullet": true } ] }"#,
        "bodies[0].bullet",
        "static",
    ),
    // Chapter 15's fields, wrong in ways every chapter's loader sees.
    (
        r#"{ "bodies": [ { "shapes": [], "position": [0, 0] } ] }"#,
        "bodies[0].shapes",
        "empty list",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "shapes": [ { "shape": { "circle": { "radius": 1 } } } ], "position": [0, 0] } ] }"#,
        "bodies[0].shapes",
        "together with shape",
    ),
    (
        r#"{ "bodies": [ { "shapes": [ { "shape": { "circle": { "radius": -0.5 } } } ], "position": [0, 0] } ] }"#,
        "bodies[0].shapes[0].shape.circle.radius",
        "-0.5",
    ),
    (
        r#"{ "bodies": [ { "shapes": [ { "shape": { "circle": { "radius": 1 } }, "offset": [2e6, 0] } ], "position": [0, 0] } ] }"#,
        "bodies[0].shapes[0].offset",
        "[2000000, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true, "kinematic": true } ] }"#,
        "bodies[0].kinematic",
        "static",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "filter": { "group": 3000000000 } } ] }"#,
        "bodies[0].filter.group",
        "3000000000",
    ),
    (
        r#"{ "bodies": [ { "shapes": [ { "shape": { "circle": { "radius": 1 } } } ], "position": [0, 0], "mass": 2 } ] }"#,
        "bodies[0].mass",
        "several shapes",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                       { "shape": { "circle": { "radius": 1 } }, "position": [0, -3] } ],
           "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 0], "break_force": -5 } } ] }"#,
        "joints[0].revolute.break_force",
        "-5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "chain": { "points": [[0, 0]] } }, "position": [0, 0], "static": true } ] }"#,
        "bodies[0].shape.chain.points",
        "1 points",
    ),
    (
        r#"{ "bodies": [ { "shape": { "chain": { "points": [[0, 0], [1, 0], [1, 0]] } }, "position": [0, 0], "static": true } ] }"#,
        "bodies[0].shape.chain.points[2]",
        "[1, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "chain": { "points": [[0, 0], [1, 0]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.chain",
        "not static",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "rolling_resistance": -0.1 } ] }"#,
        "bodies[0].rolling_resistance",
        "-0.1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0], "static": true, "tangent_speed": 2e5 } ] }"#,
        "bodies[0].tangent_speed",
        "200000",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                       { "shape": { "circle": { "radius": 1 } }, "position": [0, -3] } ],
           "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 0], "spring": { "hertz": 0 } } } ] }"#,
        "joints[0].revolute.spring.hertz",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0.2] } }, "position": [0, 0] },
                       { "shape": { "circle": { "radius": 0.3 } }, "position": [0, -1] } ],
           "joints": [ { "wheel": { "body_a": 0, "body_b": 1, "anchor": [0, -1], "axis": [0, 0] } } ] }"#,
        "joints[0].wheel.axis",
        "[0, 0]",
    ),
    (
        // 1,415 discs on one spot: 1,000,405 pairs that start overlapping,
        // past the million a scene may start with at the last of them.
        include_str!("crowd.json"),
        "bodies[1414].position",
        "[0, 0]: the body starts with its box overlapping those of 1414 others",
    ),
];
